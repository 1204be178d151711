import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column() email: string;
  @Column() category: string;
  @Column() message: string;
  /** The SHA-256 of the magic code the parent quoted, to match the message to the order; never the code. */
  @Column({ name: 'magic_code_hash', type: 'bytea', nullable: true }) magicCodeHash: Buffer | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
