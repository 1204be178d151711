import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('colouring_levels')
export class ColouringLevelEntity {
  @PrimaryColumn({ type: 'smallint' }) id: number;
  @Column() name: string;
  @Column() ages: string;
  @Column() description: string;
}

@Entity('bundles')
export class BundleEntity {
  @PrimaryColumn() id: string;
  @Column() name: string;
  @Column() description: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

@Entity('scenes')
export class SceneEntity {
  @PrimaryColumn() id: string;
  @Column() title: string;
  @Column({ name: 'short_description' }) shortDescription: string;
  @Column() bundle: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

@Entity('featured_bundles')
export class FeaturedBundleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'bundle_name' }) bundleName: string;
  @Column({ name: 'featured_text' }) featuredText: string;
  @Column() priority: number;
  @Column({ name: 'is_active' }) isActive: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
