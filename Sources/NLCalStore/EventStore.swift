import GRDB
import NLCal
