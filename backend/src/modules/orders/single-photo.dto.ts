import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MaxLength } from 'class-validator';
import { SINGLE_PHOTO_MESSAGES } from '@colouring/domain';
import type {
  LevelId,
  PhotoAspect,
  SinglePhotoAddFields,
  SinglePhotoEmailInput,
  SinglePhotoLevelInput,
  SinglePhotoStartInput,
} from '@colouring/domain';

const ASPECTS: PhotoAspect[] = ['portrait', 'landscape'];

export class SinglePhotoStartDto implements SinglePhotoStartInput {
  @ApiPropertyOptional({ example: 'parent@example.com' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  email?: string;
}

/** The multipart fields beside the `photo` file: numbers arrive as text. */
export class SinglePhotoAddDto implements Omit<SinglePhotoAddFields, 'level' | 'aspect'> {
  @ApiProperty({ minimum: 1, maximum: 4, example: 2 })
  @Type(() => Number)
  @IsInt({ message: SINGLE_PHOTO_MESSAGES.chooseLevel })
  @Min(1, { message: SINGLE_PHOTO_MESSAGES.chooseLevel })
  @Max(4, { message: SINGLE_PHOTO_MESSAGES.chooseLevel })
  level: LevelId;

  @ApiProperty({ enum: ASPECTS })
  @IsIn(ASPECTS, { message: SINGLE_PHOTO_MESSAGES.chooseAspect })
  aspect: PhotoAspect;

  @ApiPropertyOptional({
    description: 'JSON {x, y, width, height} in pixels of the upright photo; without it the server crops the middle.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  crop?: string;
}

export class SinglePhotoLevelDto implements SinglePhotoLevelInput {
  @ApiProperty({ minimum: 1, maximum: 4, example: 2 })
  @IsInt()
  @Min(1)
  @Max(4)
  level: LevelId;
}

export class SinglePhotoEmailDto implements SinglePhotoEmailInput {
  @ApiProperty({ example: 'parent@example.com' })
  @IsString()
  @MaxLength(1000)
  email: string;
}

export class PhotoArtQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 4 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(4)
  level?: LevelId;
}
