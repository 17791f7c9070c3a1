import { AskPanel } from './AskPanel';
import { BaseView } from './BaseView';

/** /knowledgeBase 知识库: ask both bases; keep the own personal base (entries and documents). */
export default function KnowledgeBasePage() {
  return (
    <div className="page-card">
      <AskPanel />
      <BaseView base={1} canEdit />
    </div>
  );
}
