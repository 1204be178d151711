import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { AdminFeaturedBundleRow, AdminFeaturedBundlesView, FeaturedBundle } from '@colouring/domain';
import { BundleEntity, FeaturedBundleEntity } from './scene.entities.js';

/**
 * The order that decides which row is shown (docs/decisions/029): the lowest priority number first, and at the same
 * priority the newest (the admin's latest word), then the highest id. The catalogue and the admin's list both use it.
 */
export const MOST_PROMINENT_FIRST = { priority: 'ASC', createdAt: 'DESC', id: 'DESC' } as const;

/** A row that exists, and its bundle's name for the admin's message. */
export interface FeaturedBundleChange {
  bundleName: string;
}

/** The one writer of `featured_bundles` (decision 024): the admin's Featured Bundles tab goes through it. */
@Injectable()
export class FeaturedBundlesService {
  constructor(
    @InjectRepository(FeaturedBundleEntity) private readonly featured: Repository<FeaturedBundleEntity>,
    @InjectRepository(BundleEntity) private readonly bundles: Repository<BundleEntity>,
  ) {}

  /** Every row with its bundle's name: active ones first, each group most prominent first; and every bundle. */
  async list(): Promise<AdminFeaturedBundlesView> {
    const [rows, bundles] = await Promise.all([
      this.featured.find({ order: { isActive: 'DESC', ...MOST_PROMINENT_FIRST } }),
      this.bundles.find({ order: { sortOrder: 'ASC' } }),
    ]);
    const names = new Map(bundles.map((bundle) => [bundle.id, bundle.name]));
    const shown = new Set<string>();
    return {
      rows: rows.map((row): AdminFeaturedBundleRow => {
        const shadowed = row.isActive && shown.has(row.bundleName);
        if (row.isActive) shown.add(row.bundleName);
        return {
          id: row.id,
          bundleId: row.bundleName,
          bundleName: names.get(row.bundleName) ?? row.bundleName,
          featuredText: row.featuredText,
          priority: row.priority,
          isActive: row.isActive,
          createdAt: row.createdAt.toISOString(),
          shadowed,
        };
      }),
      bundles: bundles.map(({ id, name }) => ({ id, name })),
    };
  }

  /** A new active row for a validated input; null when no bundle has that id. */
  async create(input: FeaturedBundle): Promise<FeaturedBundleChange | null> {
    const bundle = await this.bundles.findOneBy({ id: input.bundleName });
    if (!bundle) return null;
    await this.featured.insert({ bundleName: bundle.id, featuredText: input.featuredText, priority: input.priority, isActive: true });
    return { bundleName: bundle.name };
  }

  /** Shown to parents or not; null when the row does not exist. */
  setActive(id: number, isActive: boolean): Promise<FeaturedBundleChange | null> {
    return this.update(id, { isActive });
  }

  /** A validated priority (1 to 999); null when the row does not exist. */
  setPriority(id: number, priority: number): Promise<FeaturedBundleChange | null> {
    return this.update(id, { priority });
  }

  /** Gone for good; null when it was already gone. */
  async remove(id: number): Promise<FeaturedBundleChange | null> {
    const found = await this.bundleNameOf(id);
    if (!found) return null;
    const { affected } = await this.featured.delete({ id });
    return affected ? found : null;
  }

  private async update(
    id: number,
    change: Partial<Pick<FeaturedBundleEntity, 'isActive' | 'priority'>>,
  ): Promise<FeaturedBundleChange | null> {
    const { affected } = await this.featured.update({ id }, change);
    return affected ? this.bundleNameOf(id) : null;
  }

  private async bundleNameOf(id: number): Promise<FeaturedBundleChange | null> {
    const row = await this.featured.findOneBy({ id });
    if (!row) return null;
    const bundle = await this.bundles.findOneBy({ id: row.bundleName });
    return { bundleName: bundle?.name ?? row.bundleName };
  }
}
