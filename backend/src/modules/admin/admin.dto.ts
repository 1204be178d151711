import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  ADMIN_MESSAGES,
  ADMIN_PDF_FILTERS,
  EMAIL_MESSAGES,
  type AdminEmailInput,
  type AdminPdfFilter,
  type AdminSessionsQuery,
  type AdminSignInInput,
} from '@colouring/domain';

export class AdminSignInDto implements AdminSignInInput {
  @ApiProperty({ example: 'owner@example.com' })
  @IsString({ message: ADMIN_MESSAGES.emailRequired })
  @IsNotEmpty({ message: ADMIN_MESSAGES.emailRequired })
  @MaxLength(254, { message: ADMIN_MESSAGES.invalidCredentials })
  email: string;

  @ApiProperty()
  @IsString({ message: ADMIN_MESSAGES.passwordRequired })
  @IsNotEmpty({ message: ADMIN_MESSAGES.passwordRequired })
  @MaxLength(1000, { message: ADMIN_MESSAGES.invalidCredentials })
  password: string;
}

export class AdminSessionsQueryDto implements AdminSessionsQuery {
  @ApiPropertyOptional({ description: "A child's name or an email (any part), or a whole magic code." })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  q?: string;

  @ApiPropertyOptional({ enum: ADMIN_PDF_FILTERS })
  @IsOptional()
  @IsIn(ADMIN_PDF_FILTERS)
  pdf?: AdminPdfFilter;

  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;
}

/** The shape only: the address itself is checked with the domain's validateEmail, for its words. */
export class AdminEmailDto implements AdminEmailInput {
  @ApiProperty({ example: 'parent@example.com' })
  @IsString({ message: EMAIL_MESSAGES.required })
  email: string;
}
