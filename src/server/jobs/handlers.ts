import 'server-only';
// Every kind of background job, so that each instance's runner knows them all. One import line per module that
// calls defineJob; add yours here.
import '../email/outbox';
import '../accounts/alert-digests';
import '../accounts/password-reset';
import '../personal-agenda/reminders';
import '../article-updates/notes';
import '../editorial/workflow';
import '../editorial/article-bin';
import '../newsletter/campaigns';
import '../home-blocks/home-blocks';
import '../daily-issue/issues';
