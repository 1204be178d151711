import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MOST_PROMINENT_FIRST } from './featured-bundles.service.js';
import { BundleEntity, ColouringLevelEntity, FeaturedBundleEntity, SceneEntity } from './scene.entities.js';

export interface CatalogueView {
  levels: { id: number; name: string; ages: string; description: string }[];
  bundles: { id: string; name: string; description: string; scenes: { id: string; title: string; shortDescription: string }[] }[];
  featured: { bundleId: string; text: string; priority: number }[];
  sceneCount: number;
  bundleCount: number;
}

@Injectable()
export class ScenesService {
  constructor(
    @InjectRepository(ColouringLevelEntity) private readonly levels: Repository<ColouringLevelEntity>,
    @InjectRepository(BundleEntity) private readonly bundles: Repository<BundleEntity>,
    @InjectRepository(SceneEntity) private readonly scenes: Repository<SceneEntity>,
    @InjectRepository(FeaturedBundleEntity) private readonly featured: Repository<FeaturedBundleEntity>,
  ) {}

  /**
   * Levels, bundles with their scenes, and the active featured bundles, most prominent first: one per bundle, its
   * most prominent row (a lower priority number, or the newer at the same), so a less prominent text never wins.
   */
  async catalogue(): Promise<CatalogueView> {
    const [levels, bundles, scenes, featured] = await Promise.all([
      this.levels.find({ order: { id: 'ASC' } }),
      this.bundles.find({ order: { sortOrder: 'ASC' } }),
      this.scenes.find({ order: { sortOrder: 'ASC' } }),
      this.featured.find({ where: { isActive: true }, order: MOST_PROMINENT_FIRST }),
    ]);
    return {
      levels: levels.map(({ id, name, ages, description }) => ({ id, name, ages, description })),
      bundles: bundles.map((bundle) => ({
        id: bundle.id,
        name: bundle.name,
        description: bundle.description,
        scenes: scenes
          .filter((scene) => scene.bundle === bundle.id)
          .map(({ id, title, shortDescription }) => ({ id, title, shortDescription })),
      })),
      featured: featured
        .filter((f, index) => featured.findIndex((other) => other.bundleName === f.bundleName) === index)
        .map((f) => ({ bundleId: f.bundleName, text: f.featuredText, priority: f.priority })),
      sceneCount: scenes.length,
      bundleCount: bundles.length,
    };
  }
}
