import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, with the seconds each took in a full run on a 2-core machine (project and
 * path). A fresh clone has no Vitest cache, so Vitest cannot know them: it would run the projects one
 * after the other and each one's files by size, which left the run's last minute to one or two long
 * files while the other workers had nothing to do. A file not listed counts as short; a wrong figure
 * only changes the order.
 */
const secondsTaken: Record<string, number> = {
    'db.json:tests/api/engines-reads.test.ts': 100,
    'browser:tests/e2e/money.test.ts': 67,
    'browser:tests/e2e/shell.test.ts': 66,
    'browser-postgres:tests/e2e/money.test.ts': 61,
    'postgres:tests/api/auth-limits.test.ts': 61,
    'browser:tests/e2e/imports.test.ts': 45,
    'browser:tests/e2e/teacher-window.test.ts': 45,
    'browser:tests/e2e/settings.test.ts': 42,
    'db.json:tests/ui/portal-staff.test.tsx': 40,
    'postgres:tests/api/clock-start.test.ts': 35,
    'browser:tests/e2e/timetable.test.ts': 33,
    'db.json:tests/api/durability-crash.test.ts': 31,
    'browser:tests/e2e/phone.test.ts': 31,
    'db.json:tests/api/durability-lock.test.ts': 30,
    'browser:tests/e2e/reports.test.ts': 28,
    'postgres:tests/api/memberships-renewals.test.ts': 27,
    'db.json:tests/ui/settings-sections.test.tsx': 23,
    'db.json:tests/api/auth-limits.test.ts': 22,
    'db.json:tests/ui/online-payments.test.tsx': 22,
    'postgres:tests/api/memberships-races.test.ts': 22,
    'db.json:tests/api/durability-files.test.ts': 20,
    'browser:tests/e2e/history.test.ts': 19,
    'db.json:tests/api/durability-journal.test.ts': 19,
    'browser:tests/e2e/layout.test.ts': 19,
    'browser:tests/e2e/pay-periods.test.ts': 18,
    'db.json:tests/api/memberships-renewals.test.ts': 18,
    'browser:tests/e2e/memberships.test.ts': 17,
    'browser:tests/e2e/penalties.test.ts': 17,
    'browser:tests/e2e/desk.test.ts': 17,
    'browser:tests/e2e/online-payments.test.ts': 17,
    'browser:tests/e2e/portal.test.ts': 17,
    'db.json:tests/api/postgres-job-leases.test.ts': 17,
    'db.json:tests/ui/prototypes-create.test.tsx': 17,
    'db.json:tests/ui/forms-customers.test.tsx': 17,
    'postgres:tests/api/memberships-crash.test.ts': 17,
    'db.json:tests/api/memberships-crash.test.ts': 15,
    'postgres:tests/api/notices.test.ts': 16,
    'postgres:tests/api/penalties.test.ts': 16,
    'db.json:tests/ui/users-pay-rates.test.tsx': 16,
    'browser:tests/e2e/settings-sections.test.ts': 16,
    'browser:tests/e2e/bookings.test.ts': 16,
    'browser:tests/e2e/consents.test.ts': 15,
    'browser:tests/e2e/pay-rates.test.ts': 15,
    'db.json:tests/api/clock-start.test.ts': 15,
    'db.json:tests/api/notices.test.ts': 14,
    'db.json:tests/api/penalties.test.ts': 14,
    'db.json:tests/ui/customers-contacts.test.tsx': 14,
    'postgres:tests/api/backups.test.ts': 13,
    'db.json:tests/api/postgres-races.test.ts': 13,
    'browser:tests/e2e/tasks.test.ts': 13,
    'browser:tests/e2e/prototypes.test.ts': 12,
    'browser:tests/e2e/messages.test.ts': 10,
};

const secondsOf = (spec: TestSpecification, root: string) => {
    const path = spec.moduleId.startsWith(`${root}/`) ? spec.moduleId.slice(root.length + 1) : spec.moduleId;
    return secondsTaken[`${spec.project.name}:${path}`] ?? 0;
};

/**
 * Longest files first, whatever their project (the projects' global setups are all done before the
 * first file starts), then the others in Vitest's own order: the run ends on short files that the
 * workers share out.
 */
export class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
        const sorted = await super.sort(files);
        const root = this.ctx.config.root;
        return sorted
            .map((spec, index) => ({ spec, index, seconds: secondsOf(spec, root) }))
            .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
            .map(({ spec }) => spec);
    }
}
