import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Chip, Typography } from '@mui/material';
import {
    Button,
    CreateButton,
    DataTable,
    ExportButton,
    FilterButton,
    LinkBase,
    List,
    TopToolbar,
    useCanAccess,
    useLocaleState,
    useRecordContext,
    useTranslate,
} from 'react-admin';
import { formatShortDate } from '../../app/i18n/dates';
import { DateField } from '../common/dates';
import { PhoneField } from '../common/phones';
import { StatusChip } from '../common/statuses';
import { useCustomerFilters } from './CustomerFilters';
import { useCustomerExporter, type CustomerRow } from './customerExporter';
import { useMoneyText } from './PassFields';
import { scrollableTable } from './Section';

/** Opens the import of customers from another system's file, for the roles that may import. */
const ImportButton = () => {
    const { canAccess } = useCanAccess({ resource: 'imports', action: 'create' });
    if (!canAccess) return null;
    return (
        <Button component={LinkBase} to="/imports/create" label="app.import.button">
            <UploadFileOutlined />
        </Button>
    );
};

const Actions = () => (
    <TopToolbar>
        <FilterButton />
        <CreateButton />
        <ImportButton />
        <ExportButton />
    </TopToolbar>
);

/** The active pass the server found for the row: its name, and when it ends. */
const ActivePassField = (_props: { label?: string }) => {
    const customer = useRecordContext<CustomerRow>();
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const pass = customer?.activePass;
    if (!pass) return <span>—</span>;
    const parts = [pass.name, translate('app.money.until', { date: formatShortDate(pass.endsOn, locale) })];
    if (pass.visitsLeft !== null) parts.push(translate('app.money.visits_left', { smart_count: pass.visitsLeft }));
    return <span>{parts.join(' · ')}</span>;
};

const DebtField = (_props: { label?: string }) => {
    const customer = useRecordContext<CustomerRow>();
    const translate = useTranslate();
    if (!customer?.unpaidVisits) return null;
    return (
        <Chip
            size="small"
            color="error"
            label={translate('app.money.debt.some', { smart_count: customer.unpaidVisits })}
        />
    );
};

/** What the customer still owes on their passes, as the server summed it; empty when nothing. */
const OwedField = (_props: { label?: string }) => {
    const customer = useRecordContext<CustomerRow>();
    const money = useMoneyText();
    if (!customer?.balanceDue) return null;
    return (
        <Typography variant="body2" color="error" sx={{ whiteSpace: 'nowrap' }}>
            {money(customer.balanceDue)}
        </Typography>
    );
};

export const CustomerList = () => (
    <List<CustomerRow>
        title="app.menu.customers"
        filters={useCustomerFilters()}
        actions={<Actions />}
        sort={{ field: 'lastName', order: 'ASC' }}
        exporter={useCustomerExporter()}
    >
        <DataTable<CustomerRow> rowClick="edit" sx={scrollableTable}>
            <DataTable.Col source="lastName" />
            <DataTable.Col source="firstName" />
            <DataTable.Col source="phone" field={PhoneField} />
            <DataTable.Col source="status">
                <StatusChip list="customer" />
            </DataTable.Col>
            <DataTable.Col source="activePass" disableSort>
                <ActivePassField />
            </DataTable.Col>
            <DataTable.Col source="unpaidVisits" disableSort>
                <DebtField />
            </DataTable.Col>
            <DataTable.Col source="balanceDue" disableSort align="right">
                <OwedField />
            </DataTable.Col>
            <DataTable.Col source="createdAt" field={DateField} />
        </DataTable>
    </List>
);
