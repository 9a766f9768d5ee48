import { InputAdornment } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, NumberInput, ReferenceArrayInput, TextInput } from 'react-admin';
import { useStudioConfig } from '../../app/studio';
import { PenaltyRuleInputs } from '../penalties/PenaltyRules';

export const SubscriptionInputs = () => {
    const currency = useStudioConfig()?.currency;
    return (
        <>
            <TextInput source="name" />
            <NumberInput
                source="price"
                min={0}
                step={0.01}
                InputProps={{ endAdornment: currency && <InputAdornment position="end">{currency}</InputAdornment> }}
            />
            <NumberInput source="visits" min={1} step={1} />
            <NumberInput source="validityDays" min={1} step={1} />
            <ReferenceArrayInput
                source="directionIds"
                reference="settings/directions"
                sort={{ field: 'name', order: 'ASC' }}
                perPage={200}
            >
                <AutocompleteArrayInput />
            </ReferenceArrayInput>
            <NumberInput source="freezeDays" min={0} step={1} />
            <NumberInput source="lateCancelHours" min={0} max={168} step={1} />
            <PenaltyRuleInputs />
            <BooleanInput source="trial" />
            <BooleanInput source="autoRenew" helperText="resources.settings/subscriptions.auto_renew_help" />
            <BooleanInput source="soldOnline" helperText="resources.settings/subscriptions.sold_online_help" />
            <BooleanInput source="active" />
        </>
    );
};
