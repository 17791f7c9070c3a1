import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { AnalyseDetail } from '../wecom/app/AnalyseDetailPage';
import { editPath, H5_LIST } from './paths';

/** 通话记录 (/analysisH5/call?recordId=): a call's analysis with its evidence and audio; 修正 opens the edit page. */
export default function CallPage() {
  const navigate = useNavigate();
  return (
    <AnalyseDetail
      listPath={H5_LIST}
      right={(d) =>
        d.canCorrect && d.effective ? (
          <Button size="small" fill="none" color="primary" onClick={() => navigate(editPath(d.recordingId))}>
            修正
          </Button>
        ) : null
      }
    />
  );
}
