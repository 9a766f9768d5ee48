import {
    BooleanInput,
    CreateButton,
    DataTable,
    ExportButton,
    FilterButton,
    List,
    ReferenceInput,
    SelectInput,
    TopToolbar,
    useCanAccess,
    AutocompleteInput,
} from 'react-admin';
import { taskStatuses } from '../../domain/collections/tasks';
import { recordExporter } from '../common/exporter';
import { CloseButtons } from './closing';
import {
    AssigneeField,
    CustomerField,
    DueField,
    KindField,
    overdueRowSx,
    StatusField,
    type ListedTask,
} from './TaskFields';

/*
 * Tasks: open ones by default, the earliest due first, overdue rows marked; filtered by state, mine (given
 * to me or my role's queue), overdue and person. Staff open a task to edit it; everyone closes their own
 * with Done or Skip. A teacher's list holds only what is theirs (the server sees to it).
 */

const statusChoices = taskStatuses.map(status => ({ id: status, name: `app.tasks.statuses.${status}` }));

const filters = (staff: boolean) => [
    <SelectInput
        key="status"
        source="status"
        choices={statusChoices}
        alwaysOn
        emptyText="ra.action.clear_input_value"
    />,
    <BooleanInput key="mine" source="mine" alwaysOn />,
    <BooleanInput key="overdue" source="overdue" alwaysOn />,
    ...(staff
        ? [
              <ReferenceInput key="assigneeId" source="assigneeId" reference="settings/users" filter={{ active: true }}>
                  <AutocompleteInput optionText="name" />
              </ReferenceInput>,
          ]
        : []),
];

const Actions = () => (
    <TopToolbar>
        <FilterButton />
        <CreateButton />
        <ExportButton />
    </TopToolbar>
);

export const TaskList = () => {
    const { canAccess: staff = false } = useCanAccess({ resource: 'tasks', action: 'edit' });
    return (
        <List<ListedTask>
            title="app.menu.tasks"
            filters={filters(staff)}
            filterDefaultValues={{ status: 'open' }}
            sort={{ field: 'dueAt', order: 'ASC' }}
            actions={<Actions />}
            exporter={recordExporter}
        >
            <DataTable<ListedTask> bulkActionButtons={false} rowClick={staff ? 'edit' : false} rowSx={overdueRowSx}>
                <DataTable.Col source="dueAt" field={DueField} />
                <DataTable.Col source="title" />
                <DataTable.Col source="kind" field={KindField} />
                <DataTable.Col source="customerId" field={CustomerField} disableSort />
                <DataTable.Col
                    source="assignee"
                    label="resources.tasks.fields.assignee"
                    field={AssigneeField}
                    disableSort
                />
                <DataTable.Col source="status" field={StatusField} />
                <DataTable.Col source="note" disableSort />
                <DataTable.Col label={false} field={CloseButtons} />
            </DataTable>
        </List>
    );
};
