import { useEffect, useState } from 'react';
import { Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, NumberField, useRecordContext, useTranslate } from 'react-admin';
import type { Job } from '../../domain/types';
import { DateTimeField } from '../common/dates';
import { TranslatedField } from '../common/TranslatedField';

/*
 * The server's periodic jobs (sending messages, closing classes, reminders, pass notices), one row each:
 * when each last did something, how that run went and how many such runs it made. Read-only: the server refuses
 * any write, and only admins may list them.
 */

/** Held by a runner now (on PostgreSQL, where a run holds its job's record; the process may have stopped in the middle). */
const isRunning = (job: Job) => !!job.leaseUntil;

/** How the last run went: running, failed (with the error), ok, or not run yet. */
const JobState = (_: { label?: string }) => {
    const job = useRecordContext<Job>();
    const translate = useTranslate();
    if (!job) return null;
    const [state, color] = isRunning(job)
        ? (['running', 'info'] as const)
        : job.lastError
          ? (['failed', 'error'] as const)
          : job.lastFinishedAt
            ? (['ok', 'success'] as const)
            : (['never', 'default'] as const);
    return (
        <Stack alignItems="flex-start" spacing={0.5}>
            <Chip size="small" variant="outlined" color={color} label={translate(`app.jobs.states.${state}`)} />
            {job.lastError && (
                <Typography variant="body2" color="error" sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>
                    {job.lastError}
                </Typography>
            )}
        </Stack>
    );
};

/** The time now, moved on every half minute so that a due time the screen showed turns into "due now" as it passes. */
const useNow = () => {
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
        const timer = window.setInterval(() => setNow(Date.now()), 30_000);
        return () => window.clearInterval(timer);
    }, []);
    return now;
};

/**
 * When the job runs next: its due time while it is ahead, "due now" once it has passed (the runner takes
 * a due job at its next turn, within seconds; a time already gone would read as a run missed).
 */
const NextRun = (_: { label?: string }) => {
    const job = useRecordContext<Job>();
    const translate = useTranslate();
    const now = useNow();
    if (!job) return null;
    if (Date.parse(job.runAt) > now) return <DateTimeField source="runAt" />;
    return <span>{translate('app.jobs.due_now')}</span>;
};

const Help = () => {
    const translate = useTranslate();
    return (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2, pb: 1 }}>
            {translate('app.jobs.help')}
        </Typography>
    );
};

/** On a phone the columns would run off the screen: the job with its next run in one cell, its last run in another. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** /jobs: every job of the server's runner, for admins to see that the server's own work goes on. */
export const JobList = () => {
    const phone = usePhone();
    return (
        <List<Job>
            title="app.menu.jobs"
            sort={{ field: 'id', order: 'ASC' }}
            actions={false}
            exporter={false}
            pagination={false}
            perPage={100}
        >
            <Help />
            <DataTable<Job> bulkActionButtons={false} rowClick={false}>
                {phone ? (
                    <DataTable.Col source="name">
                        <Stack>
                            <TranslatedField source="name" prefix="app.jobs.names" />
                            <Typography variant="caption" color="text.secondary">
                                <NextRun />
                            </Typography>
                        </Stack>
                    </DataTable.Col>
                ) : (
                    <DataTable.Col source="name">
                        <TranslatedField source="name" prefix="app.jobs.names" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="runAt">
                        <NextRun />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="lastStartedAt">
                        <DateTimeField source="lastStartedAt" />
                    </DataTable.Col>
                )}
                {phone ? (
                    <DataTable.Col source="lastFinishedAt" label="app.jobs.state">
                        <Stack alignItems="flex-start" spacing={0.5}>
                            <JobState />
                            <Typography variant="caption" color="text.secondary">
                                <DateTimeField source="lastFinishedAt" />
                            </Typography>
                        </Stack>
                    </DataTable.Col>
                ) : (
                    <DataTable.Col source="lastFinishedAt">
                        <DateTimeField source="lastFinishedAt" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="runs" align="right">
                        <NumberField source="runs" />
                    </DataTable.Col>
                )}
                {!phone && (
                    <DataTable.Col source="lastError" label="app.jobs.state">
                        <JobState />
                    </DataTable.Col>
                )}
            </DataTable>
        </List>
    );
};
