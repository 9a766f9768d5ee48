import type { Status } from '../../domain/types';
import { erasedStatus } from '../../domain/privacy';
import { badRequest, conflict } from '../http/errors';
import type { Reader, Row, Transaction } from '../storage/types';
import type { WriteRules } from '../rules/types';

/** How many records use a status, by its list and code: customers by status, attendances by mark. */
const usesOf = (reader: Reader, status: Pick<Status, 'name' | 'code'>): Promise<number> =>
    status.name === 'customer'
        ? reader.count('customers', { status: status.code })
        : reader.count('attendances', { status: status.code });

/** Only one default per status list: a new default takes the mark from the others, and a list is never left without one. */
const keepOneDefault = async (tx: Transaction, status: Row) => {
    const others = (await tx.select('statuses', { name: status.name as string })).filter(
        other => other.id !== status.id,
    );
    if (status.isDefault) {
        for (const other of others.filter(candidate => candidate.isDefault))
            await tx.update('statuses', { ...other, isDefault: false });
    } else if (!others.some(other => other.isDefault)) {
        throw badRequest('A status list needs a default status', { isDefault: 'app.validation.one_default' });
    }
};

/**
 * Records refer to a status by its list and code, so neither may change under them: a status stays in
 * its list, and its code is fixed once something uses it (the label is what people read and may change).
 */
/** The customers' `erased` status is the erasure's (made by the first one): nobody makes, changes or deletes it. */
const isErasedStatus = (status: { name?: unknown; code?: unknown }) =>
    status.name === 'customer' && status.code === erasedStatus;
const reservedStatus = () =>
    badRequest('The erased status belongs to the erasure of personal data', {
        code: 'app.privacy.status_reserved',
    });

export const statusRules: WriteRules<'statuses'> = {
    readOnly: before =>
        isErasedStatus(before)
            ? conflict('The erased status belongs to the erasure of personal data', {
                  code: 'app.privacy.status_reserved',
              })
            : undefined,
    create: async (record, { tx }) => {
        if (isErasedStatus(record)) throw reservedStatus();
        await keepOneDefault(tx, record);
        return record;
    },
    update: async (record, before, { tx }) => {
        if (record.name !== before.name)
            throw badRequest('A status stays in its list', { name: 'app.settings.status_list_fixed' });
        if (isErasedStatus(record)) throw reservedStatus();
        if (record.code !== before.code && (await usesOf(tx, before as Status)) > 0) {
            throw conflict('This status is in use: its code cannot change', { code: 'app.settings.code_in_use' });
        }
        await keepOneDefault(tx, record);
        return record;
    },
    delete: async record => {
        if (record.isDefault) {
            throw conflict('The default status cannot be deleted: make another status the default first', {
                isDefault: 'app.validation.one_default',
            });
        }
    },
};
