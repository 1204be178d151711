import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { SHARE_WINDOW_EVENT_TYPES, type ShareVoucherInput, type ShareWindowEvent, type ShareWindowEventType } from '@colouring/domain';

// A share is open 10 minutes at most (then it validates), checked every 2 s: 300 checks, plus the page's focus and blur.
const MAX_TIME_MS = 24 * 60 * 60 * 1000;
const MAX_EVENTS = 1000;

export class ShareWindowEventDto implements ShareWindowEvent {
  @ApiProperty({ enum: SHARE_WINDOW_EVENT_TYPES })
  @IsIn(SHARE_WINDOW_EVENT_TYPES)
  type: ShareWindowEventType;

  @ApiProperty({ description: 'Milliseconds since the share window opened.' })
  @IsInt()
  @Min(0)
  @Max(MAX_TIME_MS)
  at: number;
}

/** SPEC §3's verification_data, as the page collected it; the server checks it with the domain's rule. */
export class ShareVoucherDto implements ShareVoucherInput {
  @ApiProperty({ description: 'Milliseconds the share window was open.', example: 31_000 })
  @IsInt()
  @Min(0)
  @Max(MAX_TIME_MS)
  timeSpent: number;

  @ApiProperty({ description: 'Times the page got the focus back while the window was open.', example: 2 })
  @IsInt()
  @Min(0)
  @Max(MAX_EVENTS)
  focusEvents: number;

  @ApiProperty({ example: 'share_1732233600000_k3j9x2' })
  @IsString()
  @MaxLength(100)
  shareSessionId: string;

  @ApiProperty()
  @IsString()
  @MaxLength(500)
  userAgent: string;

  @ApiProperty({ description: 'When the window opened, in the browser’s clock (ms since 1970).' })
  @IsInt()
  @Min(0)
  timestamp: number;

  @ApiProperty({ type: [ShareWindowEventDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EVENTS)
  @ValidateNested({ each: true })
  @Type(() => ShareWindowEventDto)
  windowEvents: ShareWindowEventDto[];
}
