import { useEffect, useState, type ReactNode } from 'react';
import { Typography } from '@mui/material';
import {
    ArrayInput,
    CreateBase,
    CreateView,
    editFieldTypes,
    getElementsFromRecords,
    InferredElement,
    Loading,
    SimpleForm,
    SimpleFormIterator,
    TextInput,
    useGetList,
    useResourceContext,
    useTranslate,
    type RaRecord,
} from 'react-admin';
import { useSaved } from '../../app/saved';
import { recordFromPairs, validateFieldName } from './fieldPairs';

/** How many existing records the form is guessed from, as react-admin's list guesser reads a first page. */
const sampleSize = 25;

/** The name a developer would give the component: `rooms` → `RoomCreate`, `price_list` → `PriceListCreate`. */
const componentName = (resource: string) =>
    `${resource
        .split(/[_-]+/)
        .filter(Boolean)
        .map(word => word[0].toUpperCase() + word.slice(1))
        .join('')
        .replace(/ies$/, 'y')
        .replace(/([^s])s$/, '$1')}Create`;

interface GuessedCreate {
    form: ReactNode;
    /** The guessed form as code to paste into a resource of its own. */
    code: string;
}

/**
 * The inputs react-admin's edit guesser would choose for these records, without the id (the server
 * assigns it), in a form; and the same as code.
 */
const guessCreate = (resource: string, records: RaRecord[]): GuessedCreate => {
    const elements = getElementsFromRecords(records, editFieldTypes).filter(
        element => element.getProps()?.source !== 'id',
    );
    const inferred = new InferredElement(editFieldTypes.form, null, elements);
    const representation = inferred.getRepresentation();
    const components = [
        'Create',
        ...new Set(
            Array.from(representation.matchAll(/<([^/\s>]+)/g))
                .map(match => match[1])
                .filter(component => component !== 'span'),
        ),
    ].sort();
    const code = `import { ${components.join(', ')} } from 'react-admin';

export const ${componentName(resource)} = () => (
    <Create redirect="list">
${representation}
    </Create>
);`;
    return { form: inferred.getElement(), code };
};

/**
 * The form guessed once, from the records there were when the page opened: guessing again when the
 * sample is refetched would replace the inputs under the user's typing.
 */
const GuessedForm = ({ resource, records }: { resource: string; records: RaRecord[] }) => {
    const [{ form, code }] = useState(() => guessCreate(resource, records));
    useEffect(() => {
        // Printed in every build, as react-admin's guessers are told to: the developer copies it into a resource.
        console.log(`Guessed Create:\n\n${code}`);
    }, [code]);
    return <>{form}</>;
};

/** Nothing to guess from: the first record is written as pairs of a field's name and its value. */
const FirstRecordForm = () => {
    const translate = useTranslate();
    return (
        <SimpleForm defaultValues={{ fields: [{ name: '', value: '' }] }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
                {translate('app.prototypes.first_record')}
            </Typography>
            <ArrayInput source="fields" label="app.prototypes.fields">
                <SimpleFormIterator inline disableReordering>
                    <TextInput source="name" label="app.prototypes.field_name" validate={validateFieldName} />
                    <TextInput source="value" label="app.prototypes.field_value" />
                </SimpleFormIterator>
            </ArrayInput>
        </SimpleForm>
    );
};

/** Chooses the form once the sample is in, and keeps that choice while the page is open. */
const CreateForSample = ({ resource, records }: { resource: string; records: RaRecord[] }) => {
    const [guessable] = useState(records.length > 0);
    const saved = useSaved('created', 'list');
    return (
        <CreateBase mutationOptions={saved} transform={guessable ? undefined : recordFromPairs}>
            <CreateView>
                {guessable ? <GuessedForm resource={resource} records={records} /> : <FirstRecordForm />}
            </CreateView>
        </CreateBase>
    );
};

/**
 * The create screen of a prototype collection, guessed as react-admin guesses list, show and edit
 * screens (it has no create guesser): from a sample of the records already there.
 */
export const PrototypeCreate = () => {
    const resource = useResourceContext();
    if (!resource) throw new Error('PrototypeCreate is rendered by a <Resource>, which names the collection');
    return <SampledCreate resource={resource} />;
};

const SampledCreate = ({ resource }: { resource: string }) => {
    const { data, isPending } = useGetList(resource, { pagination: { page: 1, perPage: sampleSize } });
    if (isPending) return <Loading />;
    // A sample that could not be read guesses nothing: the pairs still make a record.
    return <CreateForSample resource={resource} records={data ?? []} />;
};
