// The whole en dictionary: one namespace per file, so features keep their texts apart.
import auth from './auth';
import common from './common';
import errors from './errors';
import language from './language';
import layout from './layout';
import maintenance from './maintenance';
import pages from './pages';

export default { auth, common, errors, language, layout, maintenance, pages };
