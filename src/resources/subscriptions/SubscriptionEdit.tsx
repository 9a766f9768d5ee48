import { subscriptionSchema } from '../../domain/schemas';
import { CatalogueEdit } from '../common/EditOrShow';
import { SubscriptionInputs } from './SubscriptionInputs';
import { SubscriptionShow } from './SubscriptionShow';

export const SubscriptionEdit = () => (
    <CatalogueEdit schema={subscriptionSchema} inputs={<SubscriptionInputs />} show={<SubscriptionShow />} />
);
