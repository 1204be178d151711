import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column() email: string;
  @Column() category: string;
  @Column() message: string;
  @Column({ name: 'magic_code', type: 'char', length: 64, nullable: true }) magicCode: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
