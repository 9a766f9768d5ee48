import { Edit, SimpleForm } from 'react-admin';
import { useSaved } from '../../app/saved';
import { DuplicateWarning, useDuplicateLeads } from './LeadDuplicates';
import { LeadInputs } from './LeadInputs';
import { validateLead, type Lead } from './model';

/** A lead's form; saved only once the server agrees, so that a refused phone or status shows at once. */
export const LeadEdit = () => {
    const saved = useSaved('updated', 'list');
    const { refusal, confirmed, transform, onError } = useDuplicateLeads();
    return (
        <Edit<Lead> mutationMode="pessimistic" transform={transform} mutationOptions={{ ...saved, onError }}>
            <SimpleForm noValidate sx={{ maxWidth: 720 }} validate={validateLead}>
                <DuplicateWarning refusal={refusal} confirmed={confirmed} />
                <LeadInputs />
            </SimpleForm>
        </Edit>
    );
};
