import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Magic codes are kept only as their SHA-256 (32 bytes), in sessions and contact_messages, and `pdf_url` no longer
 * carries the code: it names the stored file (docs/decisions/008). Existing rows are converted in place.
 */
export class MagicCodesAsHashes1795392000000 implements MigrationInterface {
  name = 'MagicCodesAsHashes1795392000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE sessions ADD COLUMN magic_code_hash bytea;
      UPDATE sessions SET magic_code_hash = sha256(convert_to(magic_code, 'UTF8'));
      ALTER TABLE sessions ALTER COLUMN magic_code_hash SET NOT NULL,
        ADD CONSTRAINT sessions_magic_code_hash_key UNIQUE (magic_code_hash),
        ADD CONSTRAINT sessions_magic_code_hash_check CHECK (octet_length(magic_code_hash) = 32),
        DROP COLUMN magic_code;
      UPDATE sessions SET pdf_url = 'pdfs/' || id || '.pdf' WHERE pdf_url IS NOT NULL;

      ALTER TABLE contact_messages ADD COLUMN magic_code_hash bytea
        CONSTRAINT contact_messages_magic_code_hash_check CHECK (octet_length(magic_code_hash) = 32);
      UPDATE contact_messages SET magic_code_hash = sha256(convert_to(magic_code, 'UTF8')) WHERE magic_code IS NOT NULL;
      ALTER TABLE contact_messages DROP COLUMN magic_code;
    `);
  }

  async down(): Promise<void> {
    throw new Error('MagicCodesAsHashes cannot be undone: only the hashes of the codes were kept.');
  }
}
