import { ImportWizard } from '../customer/ImportPage';

/** /highSeasImport 公海导入: a spreadsheet straight into a pool (import way 14 公海导入). */
export default function HighSeasImport() {
  return <ImportWizard sea />;
}
