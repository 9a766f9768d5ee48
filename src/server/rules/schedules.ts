import { refuseNonTeacher } from './teachers';
import type { WriteRules } from './types';

export const scheduleRules: WriteRules = {
    create: async (record, { tx }) => {
        await refuseNonTeacher(record, tx);
        return record;
    },
    update: async (record, _before, { tx }) => {
        await refuseNonTeacher(record, tx);
        return record;
    },
};
