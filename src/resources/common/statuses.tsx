import { useCallback, useMemo } from 'react';
import { Chip } from '@mui/material';
import { useGetList, useLocaleState, useRecordContext } from 'react-admin';
import { statusLabel } from '../../domain/statuses';
import type { Status } from '../../domain/types';

/** A status with its label in the interface's language: what every screen shows of it. */
export type LabelledStatus = Status & { label: string };

/**
 * The label of a status in the interface's language (the other language when it has none there):
 * the one way the app names a status, also for statuses fetched outside `useStatuses` (exports).
 */
export const useStatusLabel = () => {
    const [locale] = useLocaleState();
    return useCallback((status: Pick<Status, 'code' | 'labels'>) => statusLabel(status, locale), [locale]);
};

/** The statuses of one list, in their order, labelled in the interface's language; fetched once and shared through react-admin's cache. */
export const useStatuses = (name: Status['name']): LabelledStatus[] => {
    const { data } = useGetList<Status>('statuses', {
        filter: { name },
        sort: { field: 'order', order: 'ASC' },
        pagination: { page: 1, perPage: 100 },
    });
    const labelOf = useStatusLabel();
    // The same list object from render to render, so that inputs given it as choices do not reset.
    return useMemo(() => (data ?? []).map(status => ({ ...status, label: labelOf(status) })), [data, labelOf]);
};

/** A status code shown as its label on its colour. */
export const StatusChip = ({ list, source = 'status' }: { list: Status['name']; source?: string }) => {
    const record = useRecordContext();
    const statuses = useStatuses(list);
    const code = record?.[source] as string | undefined;
    if (!code) return null;
    const status = statuses.find(candidate => candidate.code === code);
    return (
        <Chip
            size="small"
            label={status?.label ?? code}
            sx={
                status
                    ? { bgcolor: status.color, color: theme => theme.palette.getContrastText(status.color) }
                    : undefined
            }
        />
    );
};
