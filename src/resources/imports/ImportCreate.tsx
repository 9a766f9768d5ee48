import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Title, useDataProvider, useNotify, useTranslate, type TranslateFunction } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ImportDryRun, StudioDataProvider } from '../../app/dataProvider';
import type { ImportField, ImportMapping } from '../../domain/imports';
import { refusalMessage } from '../common/conflicts';
import { ImportColumns } from './ImportColumns';
import { ImportCounts } from './ImportCounts';
import { ImportDone } from './ImportDone';
import { ImportLines, ImportProblems } from './ImportRows';

/*
 * /imports/create: customers and their passes from another system's CSV file. The file chosen is sent
 * as it is (the server finds its encoding and separator) for a dry run that writes nothing: the columns
 * as read, each with the field guessed from its header and changeable (the file is read again with the
 * columns chosen), what the import would do with each row, and each row's error and warning. Importing
 * sends it once more with the same columns; the rows with errors are left out.
 */

interface ChosenFile {
    name: string;
    data: ArrayBuffer;
}

interface HttpErrorLike {
    body?: { errors?: Record<string, string>; line?: number };
}

/** Why the server could not read the file (empty, a broken quote at a line) or the columns chosen, in words. */
const fileProblem = (translate: TranslateFunction, error: unknown): string => {
    const { body } = (error ?? {}) as HttpErrorLike;
    const key = body?.errors?.file ?? body?.errors?.mapping;
    return key ? translate(key, { _: key, line: body?.line ?? '' }) : refusalMessage(translate, error);
};

/** The mapping a dry run read the file with: each header's field, null for a column left out. */
const mappingOf = (columns: ImportDryRun['columns']): ImportMapping =>
    Object.fromEntries(columns.map(column => [column.header, column.field]));

export const ImportCreate = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const dataProvider = useDataProvider<StudioDataProvider>();
    const inputId = useId();
    const [file, setFile] = useState<ChosenFile | null>(null);
    // The columns as chosen here; until one is changed, those the server guessed.
    const [chosen, setChosen] = useState<ImportMapping | undefined>();
    // The latest dry run answered: kept while the next one runs.
    const [preview, setPreview] = useState<ImportDryRun | null>(null);

    const check = useMutation({
        mutationFn: ({ file, mapping }: { file: ChosenFile; mapping?: ImportMapping }) =>
            dataProvider.importCustomers({ file: file.data, fileName: file.name, mapping, dryRun: true }),
    });
    const apply = useMutation({
        mutationFn: ({ file, mapping }: { file: ChosenFile; mapping?: ImportMapping }) =>
            dataProvider.importCustomers({ file: file.data, fileName: file.name, mapping, dryRun: false }),
        onSuccess: () => {
            notify('app.import.done_notice', { type: 'success' });
            for (const key of ['customers', 'imports', 'passes'])
                void queryClient.invalidateQueries({ queryKey: [key] });
        },
        onError: error => notify(fileProblem(translate, error), { type: 'error' }),
    });

    /**
     * Callbacks given to mutate run for the latest call only: an earlier answer arriving late is dropped.
     * A failed run again keeps the columns on screen, to choose again; importing waits for one that works.
     */
    const dryRun = (next: ChosenFile, mapping?: ImportMapping) =>
        check.mutate({ file: next, mapping }, { onSuccess: setPreview });

    const reset = () => {
        setFile(null);
        setChosen(undefined);
        setPreview(null);
        check.reset();
        apply.reset();
    };

    const choose = async (event: ChangeEvent<HTMLInputElement>) => {
        const picked = event.target.files?.[0];
        // The same file may be chosen again after it was edited.
        event.target.value = '';
        if (!picked) return;
        reset();
        const next = { name: picked.name, data: await picked.arrayBuffer() };
        setFile(next);
        dryRun(next);
    };

    const mapping = chosen ?? (preview ? mappingOf(preview.columns) : {});
    const changeField = (header: string, field: ImportField) => {
        if (!file) return;
        const next = { ...mapping, [header]: field || null };
        setChosen(next);
        dryRun(file, next);
    };

    const done = apply.data;
    const busy = check.isPending || apply.isPending;
    const toImport = preview ? preview.rows.create + preview.rows.update : 0;

    return (
        <Card sx={{ mt: 2 }}>
            <Title title={translate('app.import.title')} />
            <CardContent>
                <Stack spacing={2}>
                    <Stack
                        direction={{ xs: 'column', sm: 'row' }}
                        spacing={1}
                        alignItems={{ sm: 'center' }}
                        justifyContent="space-between"
                    >
                        <Typography variant="h5" component="h1">
                            {translate('app.import.title')}
                        </Typography>
                        <Button component={Link} to="/imports" sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
                            {translate('app.import.open_history')}
                        </Button>
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                        {translate('app.import.intro')}
                    </Typography>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
                        <Button
                            component="label"
                            htmlFor={inputId}
                            variant={file ? 'outlined' : 'contained'}
                            startIcon={<UploadFileOutlined />}
                            disabled={apply.isPending}
                            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' }, flexShrink: 0 }}
                        >
                            {translate(file ? 'app.import.choose_other' : 'app.import.choose')}
                            <input
                                id={inputId}
                                type="file"
                                accept=".csv,text/csv"
                                hidden
                                data-testid="import-file"
                                onChange={event => void choose(event)}
                            />
                        </Button>
                        {file && (
                            <Typography
                                variant="body2"
                                sx={{ overflowWrap: 'anywhere' }}
                                data-testid="import-file-name"
                            >
                                {preview
                                    ? translate('app.import.file_read', {
                                          name: file.name,
                                          encoding: preview.encoding,
                                          separator: preview.separator === '\t' ? 'Tab' : preview.separator,
                                      })
                                    : file.name}
                            </Typography>
                        )}
                    </Stack>
                    {busy && (
                        <Box>
                            <LinearProgress
                                aria-label={translate(apply.isPending ? 'app.import.applying' : 'app.import.checking')}
                            />
                            <Typography variant="caption" color="text.secondary">
                                {translate(apply.isPending ? 'app.import.applying' : 'app.import.checking')}
                            </Typography>
                        </Box>
                    )}
                    {check.isError && !check.isPending && (
                        <Alert severity="error" data-testid="import-problem">
                            {fileProblem(translate, check.error)}
                        </Alert>
                    )}
                    {done && <ImportDone done={done} onAnother={reset} />}
                    {preview && file && !done && (
                        <>
                            <ImportColumns
                                columns={preview.columns}
                                mapping={mapping}
                                disabled={apply.isPending}
                                onChange={changeField}
                            />
                            <Box component="section" aria-label={translate('app.import.result')}>
                                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                                    {translate('app.import.result')}
                                </Typography>
                                <ImportCounts preview={preview} />
                            </Box>
                            {preview.lines && preview.lines.length > 0 && <ImportLines lines={preview.lines} />}
                            {preview.errors.length > 0 && (
                                <ImportProblems preview={preview} problems={preview.errors} kind="error" />
                            )}
                            {preview.warnings && preview.warnings.length > 0 && (
                                <ImportProblems preview={preview} problems={preview.warnings} kind="warning" />
                            )}
                            <Box>
                                <Button
                                    variant="contained"
                                    disabled={busy || check.isError || toImport === 0}
                                    onClick={() => apply.mutate({ file, mapping: chosen })}
                                >
                                    {translate('app.import.apply', { smart_count: toImport })}
                                </Button>
                            </Box>
                        </>
                    )}
                </Stack>
            </CardContent>
        </Card>
    );
};
