import { ListItem, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import { isOverdue } from '../../domain/tasks';
import { CloseButtons } from './closing';
import type { ListedTask } from './TaskFields';

/**
 * An open task as a row of a short list (the dashboard's, a customer's card's): its title, when it is due
 * (red and said once overdue at `now`), what `details` adds, and Done/Skip.
 */
export const TaskRow = ({ task, now, details }: { task: ListedTask; now: Date; details: ReactNode }) => {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    const overdue = isOverdue(task, now);
    return (
        <ListItem secondaryAction={<CloseButtons task={task} />} sx={{ pr: 22 }}>
            <ListItemText
                primary={task.title}
                secondary={
                    <>
                        <Typography component="span" variant="body2" color={overdue ? 'error' : 'text.secondary'}>
                            {formatDateTime(task.dueAt, locale, timeZone)}
                            {overdue && ` · ${translate('app.tasks.overdue')}`}
                        </Typography>
                        {details}
                    </>
                }
            />
        </ListItem>
    );
};
