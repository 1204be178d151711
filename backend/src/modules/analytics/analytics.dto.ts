import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import {
  ANALYTICS_CLIENT_KINDS,
  ANALYTICS_LIMITS,
  isPersonalText,
  type AnalyticsBatchInput,
  type AnalyticsClientKind,
  type AnalyticsEventInput,
} from '@colouring/domain';

const NOT_PERSONAL = 'must not hold an email address or a code';
const FIELD_NAME = /^[a-z][a-z0-9_]*$/i;

/** Text that is not an email address or a code (domain `isPersonalText`). */
function NotPersonal(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'notPersonal', validator: { validate: (value) => typeof value !== 'string' || !isPersonalText(value) } },
    {
      message: `$property ${NOT_PERSONAL}`,
      ...options,
    },
  );
}

/** SPEC's custom fields: a few short names, each to a short text (not personal), a finite number or a boolean. */
function CustomFields(): PropertyDecorator {
  const { fields, fieldName, fieldText, value: maxValue } = ANALYTICS_LIMITS;
  const fine = (entry: [string, unknown]): boolean => {
    const [name, value] = entry;
    if (!FIELD_NAME.test(name) || name.length > fieldName) return false;
    if (typeof value === 'boolean') return true;
    if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= maxValue;
    return typeof value === 'string' && value.length <= fieldText && !isPersonalText(value);
  };
  return ValidateBy(
    {
      name: 'customFields',
      validator: {
        validate: (value) => {
          const entries = Object.entries(value as Record<string, unknown>);
          return entries.length <= fields && entries.every(fine);
        },
      },
    },
    {
      message: `data holds at most ${fields} fields, each named in letters, digits and _, with a short text (${NOT_PERSONAL}), a number or a boolean`,
    },
  );
}

export class AnalyticsEventDto implements AnalyticsEventInput {
  @ApiProperty({ enum: ANALYTICS_CLIENT_KINDS, description: 'A purchase and a file download are recorded by the server only.' })
  @IsIn(ANALYTICS_CLIENT_KINDS)
  kind: AnalyticsClientKind;

  @ApiProperty({ example: '/products', description: "The shop's page it happened on; its query string is dropped." })
  @IsString()
  @MaxLength(ANALYTICS_LIMITS.path)
  @Matches(/^\/(?!\/)/, { message: 'path must be a path of this site, starting with /' })
  path: string;

  @ApiPropertyOptional({ example: 'thank_you' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(ANALYTICS_LIMITS.category)
  @NotPersonal()
  category?: string;

  @ApiPropertyOptional({ example: 'copy_magic_code' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(ANALYTICS_LIMITS.label)
  @NotPersonal()
  label?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-ANALYTICS_LIMITS.value)
  @Max(ANALYTICS_LIMITS.value)
  value?: number;

  @ApiPropertyOptional({ example: { pack: 'adventure' } })
  @IsOptional()
  @IsObject()
  @CustomFields()
  data?: Record<string, string | number | boolean>;
}

export class AnalyticsBatchDto implements AnalyticsBatchInput {
  @ApiProperty({ type: [AnalyticsEventDto], maxItems: ANALYTICS_LIMITS.batch })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(ANALYTICS_LIMITS.batch)
  @ValidateNested({ each: true })
  @Type(() => AnalyticsEventDto)
  events: AnalyticsEventDto[];
}
