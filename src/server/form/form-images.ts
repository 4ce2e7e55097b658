import type { Database } from '../db/database.ts';

export const imagePathPrefix = '/images/uploads/';

/** One file made from an upload: a width in a format, or the logo. */
export type ImageVariant = { name: string; contentType: string; bytes: Buffer };

/** The editor's images, kept in the database so that every server process serves them. */
export function createFormImages(database: Database) {
  const { db } = database;
  return {
    async store(variants: ImageVariant[]): Promise<void> {
      const createdAt = new Date().toISOString();
      // The same image uploaded twice has the same names: the first copy stays.
      await db
        .insertInto('form_images')
        .values(
          variants.map((variant) => ({
            name: variant.name,
            content_type: variant.contentType,
            bytes: variant.bytes,
            created_at: createdAt,
          })),
        )
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    },
    async read(
      name: string,
    ): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const row = await db
        .selectFrom('form_images')
        .select(['content_type', 'bytes'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { contentType: row.content_type, bytes: row.bytes };
    },
  };
}

export type FormImages = ReturnType<typeof createFormImages>;
