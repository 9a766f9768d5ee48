import type { WriteRules } from '../rules/types';

/** A period's pay is closed and reopened by the pay endpoints, which store its figures; never written as a plain record. */
export const payPeriodRules: WriteRules<'payPeriods'> = {
    refused: {
        create: 'Close a period with POST /api/teachers/{id}/pay/close or /api/reports/pay/close',
        update: 'A closed period is reopened with POST /api/payPeriods/{id}/reopen; its figures cannot be changed',
        delete: 'A closed period is reopened with POST /api/payPeriods/{id}/reopen, never deleted',
    },
};
