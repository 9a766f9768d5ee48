import {
    AutocompleteInput,
    RadioButtonGroupInput,
    ReferenceInput,
    SelectInput,
    TextInput,
    useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { taskKinds } from '../../domain/collections/tasks';
import { personName } from '../../domain/journal';
import { roles } from '../../domain/roles';
import { instantAt, localDateTimeAt } from '../../domain/time';
import type { Task } from '../../domain/tasks';
import type { Customer, Identifier } from '../../domain/types';
import { useStudioTimezone } from '../../app/studio';

/*
 * The task's form, for making one and editing it: what to do and what kind, its customer, whose it is
 * (a person, or a role's queue: one of the two), and when it is due, typed in the studio's time. A closed
 * task keeps everything but its note.
 */

export type AssignTo = 'user' | 'role';

/** The form's values: the task and which of a person or a queue it goes to. */
export type TaskFormValues = Partial<Task> & { assignTo?: AssignTo };

const kindChoices = taskKinds.map(kind => ({ id: kind, name: `app.tasks.kinds.${kind}` }));
const queueChoices = roles.map(role => ({ id: role, name: `app.tasks.queues.${role}` }));
const assignChoices = [
    { id: 'user', name: 'app.tasks.assign.user' },
    { id: 'role', name: 'app.tasks.assign.role' },
];

/**
 * What is sent: the person or the queue chosen, the other cleared (the server takes one, not both);
 * without a choice made, the person and queue go as they were.
 */
export const withOneAssignee = ({ assignTo, ...task }: TaskFormValues): Partial<Task> => {
    if (assignTo === 'role') return { ...task, assigneeId: null };
    if (assignTo === 'user') return { ...task, assigneeRole: null };
    return task;
};

/** A task's person or queue, as the form's choice. */
export const assignToOf = (task: Partial<Task> | undefined): AssignTo =>
    task?.assigneeId == null && task?.assigneeRole != null ? 'role' : 'user';

const emptyToNull = (value: Identifier | '' | null) => (value === '' ? null : value);

export const TaskInputs = () => {
    const record = useRecordContext<Task>();
    const timeZone = useStudioTimezone();
    const assignTo = useWatch<TaskFormValues, 'assignTo'>({ name: 'assignTo' });
    const closed = !!record && record.status !== 'open';
    return (
        <>
            <TextInput source="title" fullWidth disabled={closed} />
            <SelectInput source="kind" choices={kindChoices} disabled={closed} />
            <ReferenceInput source="customerId" reference="customers" sort={{ field: 'lastName', order: 'ASC' }}>
                <AutocompleteInput
                    optionText={(customer: Customer) => personName(customer)}
                    parse={emptyToNull}
                    disabled={closed}
                    fullWidth
                />
            </ReferenceInput>
            <RadioButtonGroupInput
                source="assignTo"
                label="app.tasks.assign.label"
                choices={assignChoices}
                disabled={closed}
                helperText="app.tasks.assign.help"
            />
            {assignTo === 'role' ? (
                <SelectInput source="assigneeRole" choices={queueChoices} disabled={closed} />
            ) : (
                <ReferenceInput
                    source="assigneeId"
                    reference="settings/users"
                    filter={{ active: true }}
                    sort={{ field: 'name', order: 'ASC' }}
                >
                    <AutocompleteInput optionText="name" parse={emptyToNull} disabled={closed} />
                </ReferenceInput>
            )}
            <TextInput
                source="dueAt"
                type="datetime-local"
                disabled={closed}
                format={(value?: string | null) => (value ? localDateTimeAt(value, timeZone) : '')}
                parse={(value: string) => (value ? instantAt(value, timeZone) : '')}
                slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextInput source="note" multiline minRows={2} fullWidth />
        </>
    );
};
