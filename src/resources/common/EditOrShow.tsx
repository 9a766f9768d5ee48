import type { ReactNode } from 'react';
import { Edit, Loading, SimpleForm, useCanAccess } from 'react-admin';
import type { z } from 'zod';
import { schemaValidator } from '../../app/forms';
import { useSaved } from '../../app/saved';
import { SettingsFormToolbar } from './SettingsActions';

/**
 * A record's page: its form for the roles that may change it, a read-only view for the roles that may
 * only read it (a manager opening a course), at the same address.
 */
const EditOrShow = ({ edit, show }: { edit: ReactNode; show: ReactNode }) => {
    const { canAccess, isPending } = useCanAccess({ action: 'edit' });
    if (isPending) return <Loading />;
    return <>{canAccess ? edit : show}</>;
};

/** A catalogue record's page: the form checked by the domain schema, or the read-only view. */
export const CatalogueEdit = ({ schema, inputs, show }: { schema: z.ZodType; inputs: ReactNode; show: ReactNode }) => {
    const saved = useSaved('updated', 'list');
    return (
        <EditOrShow
            edit={
                <Edit mutationMode="pessimistic" mutationOptions={saved}>
                    <SimpleForm
                        noValidate
                        sx={{ maxWidth: 640 }}
                        validate={schemaValidator(schema)}
                        toolbar={<SettingsFormToolbar />}
                    >
                        {inputs}
                    </SimpleForm>
                </Edit>
            }
            show={show}
        />
    );
};
