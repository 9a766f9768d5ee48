import type pg from 'pg';
import { countryOfCurrency, defaultCountry, upgradedPhone } from '../../../domain/phones';

/*
 * Work a migration does beyond its SQL, in its transaction and after it: what SQL cannot say. Each is
 * the same rule the db.json engine applies when it opens a database (src/domain/upgrades.ts), so that
 * a database upgraded on either engine holds the same records.
 */

type MigrationStep = (client: pg.PoolClient) => Promise<void>;

/** 010: the settings' country from the currency, then every phone as typed in E.164, read in that country. */
const phonesInE164: MigrationStep = async client => {
    const { rows: configs } = await client.query(`SELECT currency FROM configs WHERE id = 'general'`);
    const country = configs.length ? countryOfCurrency(configs[0].currency as string) : defaultCountry;
    await client.query(`UPDATE configs SET country = $1`, [country]);
    for (const table of ['users', 'customers']) {
        // Phones already in E.164 stay as they are, as the db.json upgrade leaves them.
        const { rows } = await client.query(
            `SELECT id, phone FROM ${table} WHERE phone IS NOT NULL AND phone !~ '^\\+[0-9]+$'`,
        );
        const changed = rows
            .map(row => ({ id: row.id as number, phone: upgradedPhone(row.phone as string, country) }))
            .filter((row, index) => row.phone !== rows[index].phone);
        if (!changed.length) continue;
        await client.query(
            `UPDATE ${table} AS t SET phone = u.phone FROM unnest($1::integer[], $2::text[]) AS u(id, phone) WHERE t.id = u.id`,
            [changed.map(row => row.id), changed.map(row => row.phone)],
        );
    }
};

/** The steps by the version of their migration. */
export const migrationSteps: Record<number, MigrationStep> = { 10: phonesInE164 };
