import { ImportWizard } from '../../features/lead/ImportWizard';

/** /highSeasImport 公海导入: a spreadsheet straight into a pool (import way 14 公海导入). */
export default function HighSeasImport() {
  return <ImportWizard sea />;
}
