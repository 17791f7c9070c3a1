import { ImportWizard } from '../../features/lead/ImportWizard';
/** /import 导入线索: template, upload, column mapping, progress and the report. */
export default function ImportPage() {
  return <ImportWizard />;
}
