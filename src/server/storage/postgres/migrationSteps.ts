import type pg from 'pg';
import { bookingSettingsOf, memberSeats } from '../../../domain/bookings';
import { countryOfCurrency, defaultCountry, upgradedPhone } from '../../../domain/phones';
import { localDateTimeAt } from '../../../domain/time';

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

/** 013: the booking settings' defaults, and the groups' members a seat in each of their classes still to come. */
const groupSeats: MigrationStep = async client => {
    const { rows: configs } = await client.query(
        `SELECT timezone, "bookingOpensDays" FROM configs WHERE id = 'general'`,
    );
    if (!configs.length || configs[0].bookingOpensDays !== null) return;
    const defaults = bookingSettingsOf({});
    await client.query(
        `UPDATE configs SET "bookingOpensDays" = $1, "bookingClosesMinutes" = $2, "lateCancelHours" = $3, "maxWaitlists" = $4`,
        [defaults.bookingOpensDays, defaults.bookingClosesMinutes, defaults.lateCancelHours, defaults.maxWaitlists],
    );
    const now = new Date();
    const read = async <T>(sql: string) => (await client.query(sql)).rows as T[];
    const seats = memberSeats(
        {
            events: await read(
                `SELECT id, "scheduleId", "startsAt", status, "courseId" FROM events WHERE status = 'planned' AND "scheduleId" IS NOT NULL`,
            ),
            schedules: await read(`SELECT id, "customerIds" FROM schedules`),
            courses: await read(`SELECT id, "directionId" FROM courses`),
            passes: await read(
                `SELECT id, "customerId", cancelled, "startsOn", "endsOn", "frozenFrom", "frozenTo", "visitsTotal", "visitsUsed", "directionIds" FROM passes`,
            ),
            bookings: await read(`SELECT id, "eventId", "customerId", status, "passId", "attendanceId" FROM bookings`),
        },
        localDateTimeAt(now, configs[0].timezone as string),
    );
    for (const seat of seats)
        await client.query(
            `INSERT INTO bookings ("eventId", "customerId", status, source, "bookedBy", "passId", late, "promotedAt", "cancelledAt", "attendanceId", "createdAt")
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
                seat.eventId,
                seat.customerId,
                seat.status,
                seat.source,
                seat.bookedBy,
                seat.passId,
                seat.late,
                seat.promotedAt,
                seat.cancelledAt,
                seat.attendanceId,
                now.toISOString(),
            ],
        );
};

/** The steps by the version of their migration. */
export const migrationSteps: Record<number, MigrationStep> = { 10: phonesInE164, 13: groupSeats };
