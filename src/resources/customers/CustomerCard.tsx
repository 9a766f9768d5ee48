import { Box, Divider, Stack } from '@mui/material';
import { EditBase, EditView, SimpleForm, useEditContext, useRecordContext, type HttpError } from 'react-admin';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { personName } from '../../domain/journal';
import { customerSchema } from '../../domain/schemas';
import type { Customer } from '../../domain/types';
import { NotFound } from '../../app/errors/NotFound';
import { StatusChip } from '../common/statuses';
import { RecordHistory } from '../history/RecordHistory';
import { CustomerBookings } from './CustomerBookings';
import { CustomerConsents } from './CustomerConsents';
import { CustomerInputs } from './CustomerInputs';
import { CustomerLinks } from './CustomerLinks';
import { CustomerOnlinePayments } from './CustomerOnlinePayments';
import { CustomerMakeUps } from './CustomerMakeUps';
import { CustomerMessages } from './CustomerMessages';
import { CustomerNotifyInputs, withChoicesMade } from './CustomerNotifyInputs';
import { CustomerPasses } from './CustomerPasses';
import { CustomerPayments } from './CustomerPayments';
import { CustomerPenalties } from './CustomerPenalties';
import { CustomerPrivacy, ErasedBanner } from './CustomerPrivacy';
import { useErased } from './erased';
import { CustomerSignInLink } from './CustomerSignInLink';
import { CustomerVisits } from './CustomerVisits';
import { DebtBalance } from './DebtBalance';
import { CustomerTasks } from '../tasks/CustomerTasks';
import { CustomerMembership } from '../memberships/CustomerMembership';

const validateSchema = schemaValidator(customerSchema);
/** The card is checked as it is saved: with only the message choices made. */
const validateCustomer = (values: Partial<Customer>) => validateSchema(withChoicesMade(values));

const CustomerTitle = () => {
    const record = useRecordContext<Customer>();
    return <span>{record ? personName(record) : ''}</span>;
};

/** A customer that is not there (404) or an address that names none (400): asking again will not change it. */
const isMissing = (error: unknown) => [400, 404].includes((error as HttpError | null)?.status ?? 0);

/** The status, the balance and the card's own actions, above the profile. */
const CardHeader = () => (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2, width: '100%' }}>
        <StatusChip list="customer" />
        <DebtBalance />
        <Box sx={{ flex: 1 }} />
        <CustomerSignInLink />
        <CustomerPrivacy />
    </Stack>
);

/** An erased card has no profile left to edit: what it says instead of the form. */
const ErasedProfile = () => (
    <Box sx={{ p: 2 }}>
        <ErasedBanner />
        <CardHeader />
    </Box>
);

/** The card itself, once the customer is known; a missing customer is the not-found page, not a list with a notice. */
const CustomerCardView = () => {
    const { error } = useEditContext<Customer>();
    const erased = useErased();
    if (isMissing(error)) return <NotFound />;
    return (
        <EditView title={<CustomerTitle />} actions={false}>
            {erased ? (
                <ErasedProfile />
            ) : (
                <SimpleForm noValidate validate={validateCustomer}>
                    <CardHeader />
                    <CustomerInputs />
                    <CustomerNotifyInputs />
                </SimpleForm>
            )}
            <Divider />
            <Stack spacing={4} sx={{ p: 2 }}>
                <CustomerTasks />
                <CustomerMembership />
                <CustomerPasses />
                <CustomerBookings />
                <CustomerPayments />
                <CustomerPenalties />
                <CustomerMakeUps />
                <CustomerLinks />
                <CustomerOnlinePayments />
                <CustomerMessages />
                <CustomerConsents />
                <CustomerVisits />
                <RecordHistory target="customerId" />
            </Stack>
        </EditView>
    );
};

/** Only a refusal is final: a network failure is worth one more try. */
const retryUnlessRefused = (count: number, error: unknown) => {
    const status = (error as HttpError | null)?.status ?? 0;
    return !(status >= 400 && status < 500) && count < 1;
};

/**
 * The customer's card at /customers/{id}: the profile (editable) with the guardian and wards, the balance
 * of debts and the portal's sign-in link, then passes, payments, penalties, make-ups, payment links and visits, each paged by
 * the server; for admins, the history of its changes.
 */
export const CustomerCard = () => {
    // Saving the profile stays on the card.
    const saved = useSaved('updated', false);
    return (
        <EditBase<Customer>
            mutationMode="pessimistic"
            mutationOptions={saved}
            transform={withChoicesMade}
            // The card shows the not-found page itself, at once, instead of leaving for the list.
            queryOptions={{ retry: retryUnlessRefused, onError: () => undefined }}
        >
            <CustomerCardView />
        </EditBase>
    );
};
