import { Edit, SimpleForm, TopToolbar, useRecordContext } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { taskSchema } from '../../domain/collections/tasks';
import type { Task } from '../../domain/tasks';
import { CloseButtons } from './closing';
import { assignToOf, TaskInputs, withOneAssignee, type TaskFormValues } from './TaskInputs';

const Actions = () => {
    const task = useRecordContext<Task>();
    return <TopToolbar>{task && <CloseButtons task={task} />}</TopToolbar>;
};

/** A task's form with Done and Skip; a closed one keeps all but its note. */
export const TaskEdit = () => {
    const saved = useSaved('updated', 'list');
    return (
        <Edit<Task & { assignTo?: TaskFormValues['assignTo'] }>
            mutationMode="pessimistic"
            mutationOptions={saved}
            transform={withOneAssignee}
            actions={<Actions />}
            queryOptions={{ select: (task: Task) => ({ ...task, assignTo: assignToOf(task) }) }}
        >
            <SimpleForm
                noValidate
                sx={{ maxWidth: 640 }}
                validate={values => schemaValidator(taskSchema)(withOneAssignee(values))}
            >
                <TaskInputs />
            </SimpleForm>
        </Edit>
    );
};
