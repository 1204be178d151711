import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The create form's text fields (multipart, beside the `photo` file); the domain checks their rules. */
export class CreateSessionDto {
  @ApiProperty({ example: 'Lily' })
  @IsString()
  @MaxLength(500)
  childName: string;

  @ApiProperty({ example: 'parent@example.com' })
  @IsString()
  @MaxLength(1000)
  email: string;

  @ApiPropertyOptional({ description: 'JSON {x, y, width, height} in pixels of the upright photo; without it the server crops.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  crop?: string;
}

export class RestoreSessionDto {
  @ApiProperty({ description: 'The 64-hex magic code from the email.' })
  @IsString()
  @MaxLength(200)
  magicCode: string;
}
