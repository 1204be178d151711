import { ApiProperty } from '@nestjs/swagger';
import { Allow, IsBoolean, IsOptional, IsString } from 'class-validator';
import { FEATURED_BUNDLE_MESSAGES, type AdminFeaturedBundleActiveInput, type AdminFeaturedBundleInput } from '@colouring/domain';

// The shapes only: the values are checked with the domain's validateFeaturedBundle, for its words (decision 029).

/** AdminFeaturedBundleInput as sent: the priority may be the text of a form field. */
export class AdminFeaturedBundleDto implements Partial<Omit<AdminFeaturedBundleInput, 'priority'>> {
  @ApiProperty({ example: 'space', description: "The bundle's id (SPEC's bundle_name)." })
  @IsOptional()
  @IsString({ message: FEATURED_BUNDLE_MESSAGES.bundleNameRequired })
  bundleName?: string;

  @ApiProperty({ example: 'Blast off this summer!', maxLength: 120 })
  @IsOptional()
  @IsString({ message: FEATURED_BUNDLE_MESSAGES.featuredTextRequired })
  featuredText?: string;

  @ApiProperty({ minimum: 1, maximum: 999, default: 1 })
  @Allow()
  priority?: unknown;
}

export class AdminFeaturedBundleActiveDto implements AdminFeaturedBundleActiveInput {
  @ApiProperty()
  @IsBoolean()
  isActive: boolean;
}

/** AdminFeaturedBundlePriorityInput as sent. */
export class AdminFeaturedBundlePriorityDto {
  @ApiProperty({ minimum: 1, maximum: 999 })
  @Allow()
  priority?: unknown;
}
