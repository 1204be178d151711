import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { CONTACT_CATEGORIES, type ContactInput } from '@colouring/domain';

/** The contact form as posted; its rules (SPEC §5) are checked by the domain's validateContact. */
export class ContactDto implements ContactInput {
  @ApiProperty({ example: 'parent@example.com' })
  @IsString()
  @MaxLength(1000)
  email: string;

  @ApiProperty({ enum: CONTACT_CATEGORIES })
  @IsString()
  @MaxLength(100)
  category: string;

  @ApiProperty({ example: 'The colours came out lovely, thank you!' })
  @IsString()
  @MaxLength(20_000)
  message: string;

  @ApiPropertyOptional({ description: 'The 64-hex magic code of the order this is about.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  magicCode?: string;

  @ApiPropertyOptional({ description: 'Honeypot: left empty by people.' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  website?: string;
}
