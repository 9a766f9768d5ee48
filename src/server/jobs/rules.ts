import type { WriteRules } from '../rules/types';

/** The job runner's records are its own: admins read them, nobody writes them. */
export const jobRules: WriteRules<'jobs'> = {
    refused: {
        create: 'Jobs are the server’s own: its runner makes one of each kind',
        update: 'A job is written by the server’s runner only',
        delete: 'A job is written by the server’s runner only',
    },
};
