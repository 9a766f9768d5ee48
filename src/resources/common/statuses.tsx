import { Chip } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import type { Status } from '../../domain/types';

/** The statuses of one list, in their order; fetched once and shared through react-admin's cache. */
export const useStatuses = (name: Status['name']) => {
    const { data = [] } = useGetList<Status>('statuses', {
        filter: { name },
        sort: { field: 'order', order: 'ASC' },
        pagination: { page: 1, perPage: 100 },
    });
    return data;
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
            sx={status ? { bgcolor: status.color, color: theme => theme.palette.getContrastText(status.color) } : undefined}
        />
    );
};
