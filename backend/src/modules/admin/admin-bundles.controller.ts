import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  NotFoundException,
  Param,
  Post,
  Put,
  type PipeTransform,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiErrorCode,
  FEATURED_BUNDLE_ADMIN_MESSAGES,
  FEATURED_BUNDLE_MESSAGES,
  FEATURED_BUNDLE_MIN_PRIORITY,
  toFeaturedPriority,
  validateFeaturedBundle,
  type AdminActionAnswer,
  type AdminFeaturedBundlesView,
} from '@colouring/domain';
import { accepted } from '../../common/validation.js';
import { FeaturedBundlesService, type FeaturedBundleChange } from '../scenes/index.js';
import { AdminFeaturedBundleActiveDto, AdminFeaturedBundleDto, AdminFeaturedBundlePriorityDto } from './admin-bundles.dto.js';
import { Admin } from './admin.guard.js';

const notFound = () => new NotFoundException({ code: ApiErrorCode.NotFound, message: FEATURED_BUNDLE_ADMIN_MESSAGES.notFound });

/** A row's id as `featured_bundles` keeps it (serial): anything else names no row, 404. */
const FeaturedBundleId: PipeTransform<string, number> = {
  transform: (value) => {
    if (!/^[1-9]\d{0,8}$/.test(value)) throw notFound();
    return Number(value);
  },
};

/** A number or the text of a form field; anything else is no priority. */
const priorityOf = (value: unknown): number | string => (typeof value === 'number' || typeof value === 'string' ? value : Number.NaN);

function found(change: FeaturedBundleChange | null): FeaturedBundleChange {
  if (!change) throw notFound();
  return change;
}

/**
 * The Featured Bundles tab (SPEC §6: create, activate or deactivate, change priority, delete). The rules are the
 * domain's; the writes are the scenes module's (`FeaturedBundlesService`); each write is a named, audit-logged action.
 */
@ApiTags('admin')
@Controller('admin/featured-bundles')
@Admin()
export class AdminBundlesController {
  constructor(private readonly featured: FeaturedBundlesService) {}

  @Get()
  @Admin('list_featured_bundles')
  list(): Promise<AdminFeaturedBundlesView> {
    return this.featured.list();
  }

  /** 201; 400 with `errors` per field (SPEC's required fields, the text's length, the priority, an unknown bundle). */
  @Post()
  @Admin('create_featured_bundle')
  async create(@Body() body: AdminFeaturedBundleDto): Promise<AdminActionAnswer> {
    const input = accepted(
      validateFeaturedBundle({
        bundleName: body.bundleName ?? '',
        featuredText: body.featuredText ?? '',
        priority: body.priority === undefined ? FEATURED_BUNDLE_MIN_PRIORITY : priorityOf(body.priority),
      }),
    );
    const created = await this.featured.create(input);
    if (!created) {
      const message = FEATURED_BUNDLE_ADMIN_MESSAGES.unknownBundle;
      throw new BadRequestException({ code: ApiErrorCode.ValidationFailed, message, errors: { bundleName: message } });
    }
    return { message: FEATURED_BUNDLE_ADMIN_MESSAGES.created(created.bundleName) };
  }

  @Put(':id/active')
  @Admin('set_featured_bundle_active')
  async setActive(@Param('id', FeaturedBundleId) id: number, @Body() body: AdminFeaturedBundleActiveDto): Promise<AdminActionAnswer> {
    const { bundleName } = found(await this.featured.setActive(id, body.isActive));
    return {
      message: body.isActive
        ? FEATURED_BUNDLE_ADMIN_MESSAGES.activated(bundleName)
        : FEATURED_BUNDLE_ADMIN_MESSAGES.deactivated(bundleName),
    };
  }

  /** 400 `errors.priority` unless a whole number from 1 to 999. */
  @Put(':id/priority')
  @Admin('change_featured_bundle_priority')
  async setPriority(@Param('id', FeaturedBundleId) id: number, @Body() body: AdminFeaturedBundlePriorityDto): Promise<AdminActionAnswer> {
    const priority = toFeaturedPriority(priorityOf(body.priority));
    if (priority === null) {
      const message = FEATURED_BUNDLE_MESSAGES.priorityInvalid;
      throw new BadRequestException({ code: ApiErrorCode.ValidationFailed, message, errors: { priority: message } });
    }
    const { bundleName } = found(await this.featured.setPriority(id, priority));
    return { message: FEATURED_BUNDLE_ADMIN_MESSAGES.priorityChanged(bundleName, priority) };
  }

  @Delete(':id')
  @Admin('delete_featured_bundle')
  async remove(@Param('id', FeaturedBundleId) id: number): Promise<AdminActionAnswer> {
    const { bundleName } = found(await this.featured.remove(id));
    return { message: FEATURED_BUNDLE_ADMIN_MESSAGES.deleted(bundleName) };
  }
}
