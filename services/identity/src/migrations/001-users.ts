import type { Knex, Migration } from '@pfs/kit';

export const users: Migration = {
  async up(db: Knex) {
    await db.schema.createTable('users', (t) => {
      t.uuid('id').primary();
      t.text('email').notNullable();
      t.text('password_hash').notNullable();
      t.text('first_name').notNullable();
      t.text('last_name').notNullable();
      t.text('business_type').notNullable().defaultTo('individual');
      t.text('country_code').notNullable().defaultTo('AU');
      t.boolean('email_verified').notNullable().defaultTo(false);
      t.text('tier').notNullable().defaultTo('free');
      t.integer('rate_limit').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      // The domain validates these too; the checks keep a bad write from any path out.
      t.check(
        "business_type IN ('individual', 'sole_trader', 'business')",
        [],
        'users_business_type_check',
      );
      t.check(
        "tier IN ('free', 'starter', 'professional', 'elite', 'enterprise')",
        [],
        'users_tier_check',
      );
      t.check("country_code ~ '^[A-Z]{2}$'", [], 'users_country_code_check');
      t.check('rate_limit IS NULL OR rate_limit > 0', [], 'users_rate_limit_check');
    });
    // Case-insensitive uniqueness, enforced by the database so that two concurrent sign-ups
    // with the same address cannot both succeed; also serves the login lookup.
    await db.raw('CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))');
  },
  async down(db: Knex) {
    await db.schema.dropTable('users');
  },
};
