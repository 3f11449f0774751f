import {
  LOT_IMPORT_COLUMNS,
  LOT_IMPORT_MAX_ROWS,
  type LotImportError,
  type LotImportReport,
} from '@canopy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ResponsiveTable } from '@/components/responsive-table.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { notifyFailure } from '@/lib/toast.ts';
import { downloadReport, downloadTemplate, importLots } from '../api/lot-import-api.ts';
import { LOT_IMPORT_PAGE } from '../texts.ts';

// /dashboard/import (issue 24 item 3, decision 232): choose a file, check it (a dry run), read the
// errors by line and column, fix the file and check again, then apply it; the report of every
// row's outcome downloads afterwards. Progress is the upload's (XMLHttpRequest), then the answer.

type Stage = { kind: 'idle' } | { kind: 'sending'; dryRun: boolean; progress: number };

function ColumnsHelp() {
  return (
    <details className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-900">{LOT_IMPORT_PAGE.columnsTitle}</summary>
      <p className="mt-2 text-slate-600">{LOT_IMPORT_PAGE.columnsHint}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {Object.entries(LOT_IMPORT_COLUMNS).map(([name, what]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-slate-900">{name}</dt>
            <dd className="text-slate-600">{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function ErrorTable({ errors }: { errors: LotImportError[] }) {
  return (
    <ResponsiveTable
      rows={errors}
      rowKey={(error) => `${error.line}:${error.column ?? ''}`}
      caption={LOT_IMPORT_PAGE.errorsCaption}
      tableFrom="md"
      dense
      cardHeader={(error) => `${LOT_IMPORT_PAGE.line} ${error.line}`}
      columns={[
        { header: LOT_IMPORT_PAGE.line, cell: (error) => error.line, card: false },
        { header: LOT_IMPORT_PAGE.column, cell: (error) => error.column ?? LOT_IMPORT_PAGE.wholeLine },
        { header: LOT_IMPORT_PAGE.problem, cell: (error) => error.message },
      ]}
    />
  );
}

function CheckResult({ report }: { report: LotImportReport }) {
  return (
    <section aria-labelledby="import-check" className="space-y-4">
      <h2 id="import-check" className="text-lg font-semibold text-slate-900">
        {LOT_IMPORT_PAGE.summary(report.rows, report.created, report.updated, report.unchanged)}
      </h2>
      {report.errors.length > 0 && (
        <>
          <Alert tone="error" title={LOT_IMPORT_PAGE.errorsTitle}>
            {LOT_IMPORT_PAGE.errorsHint}
          </Alert>
          <ErrorTable errors={report.errors} />
        </>
      )}
    </section>
  );
}

export function LotImportPage() {
  const fileId = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [checked, setChecked] = useState<LotImportReport | null>(null);
  const [applied, setApplied] = useState<LotImportReport | null>(null);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setStage({ kind: 'sending', dryRun, progress: 0 });
    try {
      const answer = await importLots(file, dryRun, (progress) =>
        setStage({ kind: 'sending', dryRun, progress }),
      );
      if (dryRun) setChecked(answer.data);
      else {
        setApplied(answer.data);
        setChecked(null);
        // The dashboard's lists and counts read the lots just written.
        await client.invalidateQueries();
      }
    } catch (error) {
      notifyFailure(error, LOT_IMPORT_PAGE.failed);
    } finally {
      setStage({ kind: 'idle' });
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setChecked(null);
    setApplied(null);
  };

  const busy = stage.kind === 'sending';
  const readyToApply = checked !== null && checked.errors.length === 0 && !busy;

  return (
    <PageContainer>
      <PageHeader
        title={LOT_IMPORT_PAGE.title}
        description={LOT_IMPORT_PAGE.description}
        actions={
          <Button
            variant="secondary"
            onClick={() =>
              void downloadTemplate().catch((error) => notifyFailure(error, LOT_IMPORT_PAGE.templateFailed))
            }
          >
            {LOT_IMPORT_PAGE.template}
          </Button>
        }
      />
      <div className="space-y-6">
        <Alert tone="info">{LOT_IMPORT_PAGE.imagesNote}</Alert>
        <ColumnsHelp />
        <FormField
          id={fileId}
          label={LOT_IMPORT_PAGE.fileLabel}
          hint={`UTF-8 CSV with a header row, up to ${LOT_IMPORT_MAX_ROWS.toLocaleString('en-US')} lots`}
        >
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!file || busy} onClick={() => void send(true)}>
            {busy && stage.dryRun ? LOT_IMPORT_PAGE.checking : LOT_IMPORT_PAGE.check}
          </Button>
          <Button disabled={!readyToApply} onClick={() => void send(false)}>
            {busy && !stage.dryRun ? LOT_IMPORT_PAGE.applying : LOT_IMPORT_PAGE.apply}
          </Button>
        </div>
        {busy && <ProgressBar value={stage.progress} label={LOT_IMPORT_PAGE.uploading} />}
        {checked && <CheckResult report={checked} />}
        {applied && (
          <section aria-labelledby="import-applied" className="space-y-4">
            <Alert tone="success">
              <span id="import-applied">
                {LOT_IMPORT_PAGE.appliedSummary(applied.created, applied.updated, applied.unchanged)}
              </span>
            </Alert>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => downloadReport(applied)}>
                {LOT_IMPORT_PAGE.report}
              </Button>
              <ButtonLink to="/seller">{LOT_IMPORT_PAGE.backToDashboard}</ButtonLink>
            </div>
          </section>
        )}
      </div>
    </PageContainer>
  );
}
