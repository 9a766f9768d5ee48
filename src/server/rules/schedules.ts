import { refuseNonTeacher } from './teachers';
import type { WriteRules } from './types';
import type { Identifier, Schedule } from '../../domain/types';
import { groupMembershipChanged } from '../bookings';

export const scheduleRules: WriteRules = {
    create: async (record, { tx }) => {
        await refuseNonTeacher(record, tx);
        return record;
    },
    update: async (record, _before, { tx }) => {
        await refuseNonTeacher(record, tx);
        return record;
    },
    // Joining a group books its classes still to come; leaving it gives them up.
    after: async (record, before, { tx, user, now }) => {
        if (record && before)
            await groupMembershipChanged(
                tx,
                record as unknown as Schedule,
                (before.customerIds as Identifier[]) ?? [],
                user.id,
                now,
            );
    },
};
