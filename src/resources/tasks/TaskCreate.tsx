import { Create, SimpleForm, useGetIdentity } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { taskSchema } from '../../domain/collections/tasks';
import { TaskInputs, withOneAssignee, type TaskFormValues } from './TaskInputs';

/** Tomorrow at the next whole hour: a task made now is rarely due this minute. */
const tomorrow = () => {
    const due = new Date(Date.now() + 24 * 3600_000);
    due.setMinutes(0, 0, 0);
    return due.toISOString();
};

/**
 * A task made by hand: a call by default, for the person making it, due tomorrow. Opened from a
 * customer's card, it comes with that customer (react-admin's create state).
 */
export const TaskCreate = () => {
    const saved = useSaved('created', 'list');
    const { identity } = useGetIdentity();
    return (
        <Create<TaskFormValues> mutationOptions={saved} transform={withOneAssignee} redirect="list">
            <SimpleForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={values => schemaValidator(taskSchema)(withOneAssignee(values))}
                defaultValues={{ kind: 'call', assignTo: 'user', assigneeId: identity?.id ?? null, dueAt: tomorrow() }}
            >
                <TaskInputs />
            </SimpleForm>
        </Create>
    );
};
