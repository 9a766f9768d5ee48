import { Chip, Stack, Typography, type ChipProps } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Link, useCanAccess, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../app/i18n/dates';
import { useStudioTimezone } from '../../app/studio';
import { isOverdue, queueOf, type Task } from '../../domain/tasks';

/*
 * How a task reads in a list: when it is due (an overdue one marked), whose it is (a person or a
 * role's queue), its customer, and its state with who closed it and when. The server names the
 * customer and the people beside their ids, since a teacher may not read them by themselves.
 */

/** A task as the API answers it: with the names of its customer and people. */
export type ListedTask = Task & {
    customerName?: string | null;
    assigneeName?: string | null;
    doneByName?: string | null;
};

const statusColors: Record<Task['status'], ChipProps['color']> = { open: 'info', done: 'success', skipped: 'default' };

/** Marks a row whose task is open and past due. */
export const overdueRowSx = (task: Task) => (isOverdue(task, new Date()) ? { boxShadow: 'inset 4px 0 0 #d32f2f' } : {});

export const DueField = (_props: { label?: string }) => {
    const task = useRecordContext<Task>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    if (!task) return null;
    const overdue = isOverdue(task, new Date());
    return (
        <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" color={overdue ? 'error' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(task.dueAt, locale, timeZone)}
            </Typography>
            {overdue && <Chip size="small" color="error" label={translate('app.tasks.overdue')} />}
        </Stack>
    );
};

/** The person, or the role's queue. */
export const useAssignee = () => {
    const translate = useTranslate();
    return (task: ListedTask) => {
        const queue = queueOf(task);
        return queue ? translate(`app.tasks.queues.${queue}`) : (task.assigneeName ?? `#${task.assigneeId}`);
    };
};

export const AssigneeField = (_props: { label?: string }) => {
    const task = useRecordContext<ListedTask>();
    const assignee = useAssignee();
    return task ? <Typography variant="body2">{assignee(task)}</Typography> : null;
};

/** The customer's name, leading to their card for those who may open it (not a teacher). */
export const TaskCustomer = ({ task }: { task: ListedTask }) => {
    const { canAccess } = useCanAccess({ resource: 'customers', action: 'edit' });
    if (task.customerId == null) return null;
    const name = task.customerName ?? `#${task.customerId}`;
    if (!canAccess) return <>{name}</>;
    return (
        <Link
            component={RouterLink}
            to={`/customers/${task.customerId}`}
            onClick={(event: { stopPropagation: () => void }) => event.stopPropagation()}
        >
            {name}
        </Link>
    );
};

export const CustomerField = (_props: { label?: string }) => {
    const task = useRecordContext<ListedTask>();
    return task ? <TaskCustomer task={task} /> : null;
};

export const KindField = (_props: { label?: string }) => {
    const task = useRecordContext<Task>();
    const translate = useTranslate();
    return task ? <Typography variant="body2">{translate(`app.tasks.kinds.${task.kind}`)}</Typography> : null;
};

/** The state; a closed task says when and by whom, and its note. */
export const StatusField = (_props: { label?: string }) => {
    const task = useRecordContext<ListedTask>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const timeZone = useStudioTimezone();
    if (!task) return null;
    const status = translate(`app.tasks.statuses.${task.status}`);
    return (
        <Stack spacing={0.5} alignItems="flex-start">
            <Chip size="small" variant="outlined" color={statusColors[task.status]} label={status} />
            {task.status !== 'open' && task.doneAt && (
                <Typography variant="caption" color="text.secondary">
                    {translate('app.tasks.closed_by', {
                        status,
                        date: formatDateTime(task.doneAt, locale, timeZone),
                        name: task.doneByName ?? '',
                    })}
                </Typography>
            )}
        </Stack>
    );
};
