import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import type {
  CustomSceneInput,
  LevelId,
  PreviewQuery,
  RestoreInput,
  SelectionInput,
  SessionCreateFields,
  VoucherInput,
} from '@colouring/domain';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** The create form's text fields (multipart, beside the `photo` file); the domain checks their rules. */
export class CreateSessionDto implements SessionCreateFields {
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

  @ApiPropertyOptional({ enum: ['custom_scenes', 'dot_to_dot'], default: 'custom_scenes' })
  @IsOptional()
  @IsIn(['custom_scenes', 'dot_to_dot'])
  product?: 'custom_scenes' | 'dot_to_dot';
}

export class RestoreSessionDto implements RestoreInput {
  @ApiProperty({ description: 'The 64-hex magic code from the email.' })
  @IsString()
  @MaxLength(200)
  magicCode: string;
}

export class SelectionDto implements SelectionInput {
  @ApiProperty({ minimum: 1, maximum: 4, example: 2 })
  @IsInt()
  @Min(1)
  @Max(4)
  level: LevelId;

  @ApiProperty({ type: [String], example: ['space-rocket-launch', 'custom:2b0c…'] })
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(80, { each: true })
  selectedScenes: string[];

  @ApiPropertyOptional({ nullable: true, example: 'SHARE25ABC' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  voucherCode?: string | null;
}

export class CustomSceneDto implements CustomSceneInput {
  @ApiProperty({ example: 'Lily the explorer' })
  @IsString()
  @MaxLength(500)
  title: string;

  @ApiProperty({ example: 'exploring the jungle with a monkey and a treasure chest' })
  @IsString()
  @MaxLength(2000)
  userPrompt: string;
}

export class PreviewQueryDto implements PreviewQuery {
  @ApiPropertyOptional({ example: 'space-rocket-launch' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  scene?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 4 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4)
  level?: LevelId;
}

export class VoucherDto implements VoucherInput {
  @ApiProperty({ nullable: true, example: 'SHARE25ABC' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  voucherCode: string | null;
}
