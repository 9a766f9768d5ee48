import { Chip } from '@mui/material';
import { SelectInput, useTranslate } from 'react-admin';
import { searchFilter } from '../common/lists';
import { useStatuses } from '../common/statuses';

/** A filter that is on or off, shown as a chip (the demo's QuickFilter). */
const QuickFilter = ({ label }: { label: string; source: string; defaultValue: unknown }) => {
    const translate = useTranslate();
    return <Chip sx={{ mb: 1 }} label={translate(label)} />;
};

/** Search by name or phone, status, and two filters the server computes: an active pass today, unpaid visits. */
export const useCustomerFilters = () => {
    const statuses = useStatuses('customer');
    return [
        searchFilter,
        <SelectInput key="status" source="status" choices={statuses} optionValue="code" optionText="label" />,
        <QuickFilter key="activePass" source="activePass" label="app.money.filters.active_pass" defaultValue={true} />,
        <QuickFilter key="debt" source="debt" label="app.money.filters.debt" defaultValue={true} />,
    ];
};
