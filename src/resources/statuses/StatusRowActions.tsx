import { IconButton, Stack, Tooltip } from '@mui/material';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Status } from '../../domain/types';
import { DeleteWithConflictButton } from '../common/DeleteWithConflict';
import { useStatusLabel } from '../common/statuses';

/** Edit in a dialog; delete, refused by the server while customers or marks use the status. */
export const StatusRowActions = ({ onEdit }: { onEdit: (status: Status) => void; label?: string }) => {
    const status = useRecordContext<Status>();
    const translate = useTranslate();
    const refresh = useRefresh();
    const labelOf = useStatusLabel();
    if (!status) return null;
    const label = labelOf(status);
    return (
        <Stack direction="row" spacing={1} justifyContent="flex-end" alignItems="center">
            <Tooltip title={translate('ra.action.edit')}>
                <IconButton
                    size="small"
                    aria-label={translate('app.settings.edit_named', { label })}
                    onClick={() => onEdit(status)}
                >
                    <EditOutlined fontSize="small" />
                </IconButton>
            </Tooltip>
            {/* The default cannot be deleted: another status must become the default first. */}
            <DeleteWithConflictButton redirect={false} onDeleted={refresh} disabled={status.isDefault} title={label} />
        </Stack>
    );
};
