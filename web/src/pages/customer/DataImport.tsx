import { HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useHasSign } from '../../app/session';
import { TABLE_TYPE } from '../../features/lead/data';
import { ClueListView } from './ClueListView';

/** /dataImport 机构线索库: the organisation's lead library for admins, with import at hand. */
export default function DataImport() {
  const navigate = useNavigate();
  const canImport = useHasSign('clue:import');
  return (
    <div style={{ padding: 16 }}>
      <ClueListView
        pageName="dataImport"
        tableType={TABLE_TYPE.dataImport}
        title="机构线索库"
        extraTools={
          canImport && (
            <>
              <Button icon={<UploadOutlined />} onClick={() => navigate('/main/import')}>
                导入线索
              </Button>
              <Button icon={<HistoryOutlined />} onClick={() => navigate('/main/importList')}>
                导入记录
              </Button>
            </>
          )
        }
      />
    </div>
  );
}
