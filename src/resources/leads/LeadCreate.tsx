import { Create, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { DuplicateWarning, useDuplicateLeads } from './LeadDuplicates';
import { LeadInputs } from './LeadInputs';
import { validateLead } from './model';

/** A lead taken at the desk or on the phone: new, from a phone call unless told; saving goes back to the list. */
export const LeadCreate = () => {
    const saved = useSaved('created', 'list');
    const { refusal, confirmed, transform, onError } = useDuplicateLeads();
    return (
        <Create transform={transform} mutationOptions={{ ...saved, onError }} redirect="list">
            <SimpleForm
                noValidate
                sx={{ maxWidth: 720 }}
                validate={validateLead}
                defaultValues={{ status: 'new', source: 'phone' }}
            >
                <DuplicateWarning refusal={refusal} confirmed={confirmed} />
                <LeadInputs />
            </SimpleForm>
        </Create>
    );
};
